import type { UserData } from '@outils/contracts';
import type { UserEntity } from '@outils/server-db';

/** `userData` of `GET /api/user/show` (docs/product/rules.md#R51). */
export function toUserData(user: UserEntity): UserData {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    job: user.job,
    newsletter: user.newsletter,
    activity_area: user.activityArea ? { id: user.activityArea.id, name: user.activityArea.name } : null,
    isAdmin: user.isAdmin,
  };
}
