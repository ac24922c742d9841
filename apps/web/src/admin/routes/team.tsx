import { useEffect } from 'react';
import { TeamPage } from '../features/team/components/team-page.tsx';

export function TeamRoute() {
  useEffect(() => {
    document.title = 'Team · Admin';
  }, []);
  return <TeamPage />;
}
