import { useEffect } from 'react';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';

export function SettingsRoute() {
  useEffect(() => {
    document.title = 'Settings · Admin';
  }, []);
  return <SettingsPage />;
}
