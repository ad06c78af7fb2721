import type { ReactNode } from 'react';
import type { DiagnosticPriority, Tool } from '@outils/contracts';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

export interface PriorityPlanProps {
  priorities: DiagnosticPriority[];
  /** The tool's line (sheet link, download, 'Ajouter à un dossier'), composed by the page. */
  renderTool: (tool: Tool, reason: string) => ReactNode;
}

/** The priorities in plain words and the ordered plan of tools (docs/product/rules.md#R553, #R554). */
export function PriorityPlan({ priorities, renderTool }: PriorityPlanProps) {
  return (
    <section aria-labelledby="diagnostic-plan" className={styles.plan}>
      <h2 id="diagnostic-plan">{T.planTitle}</h2>
      <p>{T.planIntro}</p>
      <ol className={styles.priorities}>
        {priorities.map((priority, index) => (
          <li key={priority.axisId} className={styles.priority}>
            <h3>
              Priorité {index + 1} : {priority.name} <span className={styles.muted}>({priority.score} sur 100)</span>
            </h3>
            <p>{priority.text}</p>
            {priority.tools.length === 0 ? (
              <p className={styles.muted}>{T.noTool}</p>
            ) : (
              <ol className={styles.planTools}>
                {priority.tools.map(({ tool, reason }) => <li key={tool.id}>{renderTool(tool, reason)}</li>)}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
