import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { readIntakeSummary } from '../intake';
import { lossRows, targetWeight } from './reportNumbers';
import '../styles/funnel.css';
import './plan.css';

/**
 * /weight-loss-report: the qualification report (spec 000 section 2). The visitor's numbers come
 * from the quiz kept in this tab; without them there is nothing to report, so back to the quiz.
 */
export function ReportPage() {
  usePageTitle('Your Weight-Loss Report');
  const [params] = useSearchParams();
  const summary = readIntakeSummary();
  if (!summary) return <Navigate to="/" replace />;

  const target = targetWeight(params.get('desired_weight'), summary.desiredWeight);
  const rows = lossRows(summary.weight);

  return (
    <main className="page page--narrow plan" data-page="report">
      <section className="card plan__card" aria-labelledby="report-title">
        <h1 id="report-title" className="plan__title">
          You Qualify, {summary.firstName}
        </h1>
        <p className="plan__lead">
          Based on your answers, a physician-supervised GLP-1 program can help you reach your goal.
        </p>
        <dl className="report-weights">
          <div>
            <dt>Current weight</dt>
            <dd data-testid="current-weight">{summary.weight} lbs</dd>
          </div>
          <div>
            <dt>Target weight</dt>
            <dd data-testid="target-weight">{target} lbs</dd>
          </div>
        </dl>
        <table className="report-table">
          <caption>Average weight loss with GLP-1 medication</caption>
          <thead>
            <tr>
              <th scope="col">Medication</th>
              <th scope="col">Average loss</th>
              <th scope="col">Your weight after</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.drug} data-drug={row.drug}>
                <th scope="row">{row.label}</th>
                <td>{row.percent}%</td>
                <td>{row.weightAfter} lbs</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Link to="/weight-loss-plan" className="button plan__cta">
          Choose my plan
        </Link>
      </section>
    </main>
  );
}
