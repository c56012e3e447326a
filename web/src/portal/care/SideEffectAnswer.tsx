/**
 * What the patient is told once a side effect is reported, by the triage's level: urgent (stop
 * the medication and get help now, with numbers to tap: 911, and 988 when the advice names it;
 * the clinician has 4 hours), clinician (a review, and when to expect it, in the browser's time
 * zone) or self-care (what helps). The advice is the server's text, as it is.
 */
import { useEffect, useRef } from 'react';
import { triageDeadlineHours, type SideEffectReport } from '@clinic/contracts';
import { Button } from '../../ui';
import { browserTimeZone, formatDoseAt } from './careTexts';
import { sideEffectTexts as texts } from './sideEffectTexts';

export type HeadingLevel = 3 | 4 | 5;

const titles: Record<SideEffectReport['level'], string> = {
  urgent: texts.urgentTitle,
  clinician: texts.clinicianTitle,
  'self-care': texts.selfCareTitle,
};

/** Big tap-to-call links: 911 always, 988 (the crisis line) when the advice mentions it. */
function CallLinks({ advice }: { advice: string }) {
  return (
    <div className="care-effect__calls">
      <a className="button button--danger care-effect__call" href="tel:911">
        {texts.call911}
      </a>
      {/\b988\b/.test(advice) && (
        <a className="button button--danger care-effect__call" href="tel:988">
          {texts.call988}
        </a>
      )}
    </div>
  );
}

export function SideEffectAnswer({
  report,
  titleId,
  level,
  onDone,
}: {
  report: SideEffectReport;
  /** The id of its heading, which names the report's section. */
  titleId: string;
  level: HeadingLevel;
  onDone(): void;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const Heading = `h${level}` as const;
  const urgent = report.level === 'urgent';

  // The answer takes the form's place: its heading takes the focus (and scrolls into view).
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <>
      <div
        className={`care-effect__answer care-effect__answer--${report.level}`}
        role={urgent ? 'alert' : undefined}
      >
        <Heading id={titleId} ref={titleRef} tabIndex={-1} className="care-effect__title">
          {titles[report.level]}
        </Heading>
        <p className="care-effect__advice">{report.advice}</p>
        {urgent && (
          <>
            <CallLinks advice={report.advice} />
            <p className="care-effect__follow-up">
              {texts.urgentFollowUp(triageDeadlineHours.urgent)}
            </p>
          </>
        )}
        {report.level === 'clinician' && report.due_at && (
          <p className="care-effect__due">
            {texts.dueBy(formatDoseAt(report.due_at, browserTimeZone()))}
          </p>
        )}
      </div>
      <Button
        variant={urgent ? 'secondary' : 'primary'}
        className="care-effect__done"
        onClick={onDone}
      >
        {texts.done}
      </Button>
    </>
  );
}
