import { useEffect } from 'react';
import { RatingsPage } from '../features/ratings/components/ratings-page.tsx';

export function RatingsRoute() {
  useEffect(() => {
    document.title = 'Ratings · Admin';
  }, []);
  return <RatingsPage />;
}
