import { useState } from 'react';
import { typePictogramPath } from '@outils/contracts';
import styles from './tools.module.css';

export const GENERIC_PICTOGRAM = '/images/types/outil.svg';

/** The pictogram of a tool type (docs/product/rules.md#R87), with a generic icon when the file is missing. */
export function TypePictogram({ typeName, size = 40 }: { typeName: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={styles.pictogram}
      src={failed ? GENERIC_PICTOGRAM : typePictogramPath(typeName)}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
