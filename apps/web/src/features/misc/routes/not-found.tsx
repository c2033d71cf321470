import { NotFoundState } from '../../../components/not-found-state';

/** The catch-all route: inside the app shell when signed in, on the public layout when not. */
export function NotFoundRoute() {
  return <NotFoundState />;
}
