import { useEffect } from 'react';
import { LoginForm } from '../features/auth/components/login-form.tsx';

export function LoginRoute() {
  useEffect(() => {
    document.title = 'Sign in · Admin';
  }, []);
  return <LoginForm />;
}
