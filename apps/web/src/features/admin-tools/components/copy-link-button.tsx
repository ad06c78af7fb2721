import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './admin-tools.module.css';

/** 'Copié !' stays 2000 ms (docs/product/rules.md#R123). */
export const COPY_FEEDBACK_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure origin): try the older way below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand?.('copy') ?? false;
    area.remove();
    return done;
  } catch {
    return false;
  }
}

/** 'Copier le lien' → 'Copié !' for 2 s (docs/product/rules.md#R123); the copied link is announced politely. */
export function CopyLinkButton({ url, toolName }: { url: string; toolName: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const onClick = async () => {
    const ok = await copyText(url);
    setState(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  return (
    <>
      <Button variant="secondary" size="small" className={styles.copy} onClick={onClick} title={url}>
        {state === 'copied' ? 'Copié !' : state === 'failed' ? 'Copie impossible' : 'Copier le lien'}
        <span className="visually-hidden"> de {toolName}</span>
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `Lien de ${toolName} copié dans le presse-papiers` : ''}
      </span>
    </>
  );
}
