import { useHealthQuery } from '../../lib/health.api';

/** Placeholder home proving the pipeline: the web app reads the API's /health through RTK Query. */
export default function HomePage() {
  const { data, isError } = useHealthQuery();
  return (
    <>
      <h1>Outils</h1>
      <p role="status">
        {isError ? 'Le service est momentanément indisponible.' : data?.status === 'ok' ? 'Service opérationnel' : 'Vérification du service…'}
      </p>
    </>
  );
}
