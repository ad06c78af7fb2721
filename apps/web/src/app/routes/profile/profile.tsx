import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { DiagnosticWebRoutes, PersonalDataWebRoutes, WebRoutes } from '@outils/contracts';
import { DeleteAccount } from '../../../features/account/components/delete-account';
import { PendingEmailChange } from '../../../features/account/components/pending-email-change';
import { ProfileForm, ProfileSaved } from '../../../features/account/components/profile-form';
import styles from '../../../features/account/components/account-forms.module.css';
import { RequireAuth } from '../../../features/auth/components/require-auth';
import { UpdateAlertsSwitch } from '../../../features/update-alerts/components/update-alerts-switch';
import { api } from '../../../lib/api';
import { useUserShowQuery } from '../../../lib/current-user.api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { emailChanged, loggedOut, selectSession } from '../../../lib/session';

function ProfileScreen({ onLeave }: { onLeave: () => void }) {
  const { data } = useUserShowQuery();
  const { email } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!data) return null;

  /**
   * Ends the session and leaves for `to`. The page stops rendering its guard first: otherwise
   * the guard would see the session end before the new page shows and send the visitor to /login.
   */
  const endSession = async (to: string, state?: unknown) => {
    onLeave();
    await navigate(to, { replace: true, state });
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  };

  const onSaved = async ({ message, userMail, passwordChanged }: ProfileSaved) => {
    if (passwordChanged) {
      // A password change revokes every session, this one included (docs/product/rules.md#R55).
      await endSession(WebRoutes.login, { notice: message, from: WebRoutes.profile });
      return;
    }
    // The session must carry the new address before the current user is fetched again.
    if (userMail && userMail !== email) dispatch(emailChanged(userMail));
    dispatch(api.util.invalidateTags(['Me']));
  };

  return (
    <div className={styles.page}>
      <title>Modifier mon compte — Outils</title>
      <section className={styles.card} aria-labelledby="profile-title">
        <h1 id="profile-title">Modifier mon compte</h1>
        <p className={styles.lead}>Mettez à jour vos informations et vos préférences.</p>
        <p>
          {/* docs/product/rules.md#R470, #R968 */}
          <Link to={PersonalDataWebRoutes.myDownloads}>Mes téléchargements et mes données</Link> : votre historique de téléchargements et une copie de tout ce que nous gardons sur vous.
        </p>
        <p>
          {/* docs/product/rules.md#R733 */}
          <Link to={DiagnosticWebRoutes.history}>Mes diagnostics</Link> : vos résultats de l’autodiagnostic et vos progrès.
        </p>
        <PendingEmailChange user={data.userData} />
        <ProfileForm user={data.userData} onSaved={onSaved} />
        <UpdateAlertsSwitch />
        <DeleteAccount onDeleted={() => endSession(WebRoutes.profileDeleted)} />
      </section>
    </div>
  );
}

/** /profile: only for a known user (docs/product/rules.md#R52); others go to /login and come back after. */
export default function ProfilePage() {
  const [leaving, setLeaving] = useState(false);
  if (leaving) return null;
  return (
    <RequireAuth>
      <ProfileScreen onLeave={() => flushSync(() => setLeaving(true))} />
    </RequireAuth>
  );
}
