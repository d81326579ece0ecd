// "Reference: <id>" under an error message: the id of the failed request (`requestIdOf(error)`), which leads
// to its lines in the server's log when a user reports the error. Small, and selected whole with one click.
import './error-reference.css';

/** Renders nothing without an id (a network failure, an error of the page itself). */
export function ErrorReference({ id }: { id: string | undefined }) {
  if (!id) return null;
  return (
    <span className="error-reference">
      Reference: <span className="error-reference-id">{id}</span>
    </span>
  );
}
