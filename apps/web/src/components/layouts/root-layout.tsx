import { Outlet } from 'react-router';

/** Header and footer on every page (built with the public side). */
export function RootLayout() {
  return (
    <>
      <main id="contenu">
        <Outlet />
      </main>
    </>
  );
}
