import type { NewsletterState, UserData } from '@outils/contracts';
import type { UserEntity } from '@outils/server-db';

/**
 * `userData` of `GET /api/user/show` (docs/product/rules.md#R51). The newsletter switch shows the
 * address's real subscription, not a stored wish (docs/product/rules.md#R456).
 */
export function toUserData(user: UserEntity, newsletter: NewsletterState, pendingEmail: string | null = null): UserData {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    job: user.job,
    newsletter: newsletter.status === 'subscribed' || newsletter.status === 'pending',
    newsletterStatus: newsletter.status,
    activity_area: user.activityArea ? { id: user.activityArea.id, name: user.activityArea.name } : null,
    isAdmin: user.isAdmin,
    pendingEmail,
  };
}
