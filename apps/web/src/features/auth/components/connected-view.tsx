import { Button } from '../../../components/ui/button';
import { useLogout } from '../hooks/use-logout';
import styles from './auth-forms.module.css';

/**
 * The login page for a signed-in visitor (its heading reads 'Vous êtes connecté'): the address,
 * and a logout that stays on /login (docs/product/rules.md#R39, #R40).
 */
export function ConnectedView({ email, redirecting }: { email: string; redirecting?: boolean }) {
  const [logout, { isLoading }] = useLogout();
  return (
    <div className={styles.connected}>
      <p className={styles.muted}>Adresse e-mail du compte :</p>
      <p className={styles.email}>{email}</p>
      {redirecting ? (
        <p role="status" className={styles.muted}>
          Connexion réussie, vous allez être redirigé…
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => void logout()} busy={isLoading}>
        Se déconnecter
      </Button>
    </div>
  );
}
