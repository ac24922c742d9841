import { useEffect } from 'react';
import { UsersPage } from '../features/users/components/users-page.tsx';

export function UsersRoute() {
  useEffect(() => {
    document.title = 'Users · Admin';
  }, []);
  return <UsersPage />;
}
