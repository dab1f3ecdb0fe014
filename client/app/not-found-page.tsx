import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state.js';

export function NotFoundPage() {
  return (
    <div className="page">
      <EmptyState title="We could not find that page">
        <p>
          The link may be old or mistyped. <Link to="/">Go to the start page</Link>.
        </p>
      </EmptyState>
    </div>
  );
}
