import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../brand';
import { usePageTitle } from '../components/usePageTitle';
import '../components/notice-pages.css';

/** /about: who we are, in the promises the product states (spec 000 section 1). */
export function AboutPage() {
  usePageTitle('About');
  return (
    <main className="page page--narrow document">
      <h1>About {BRAND_NAME}</h1>
      <p>
        {BRAND_NAME} offers US adults a physician-supervised weight-loss program with compounded
        GLP-1 medication (semaglutide or tirzepatide).
      </p>
      <p>
        A licensed doctor reviews your medical assessment within 24 hours. Orders placed before 3 PM
        Monday to Thursday are processed by the pharmacy the same day and ship free by 2-day
        express, with tracking in your patient portal. Most patients need no video visit, and if you
        are not approved you get an instant refund.
      </p>
      <Link to="/" className="document__back">
        Back to the start page
      </Link>
    </main>
  );
}
