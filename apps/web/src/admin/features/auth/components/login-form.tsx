import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { loginSchema } from '@shop/domain/auth-schemas';
import { ApiError } from '../../../../lib/api.ts';
import { adminSessionEnded, setAdminToken, useAdminToken } from '../../../lib/auth-token.ts';
import { safeNextPage } from '../../../lib/next-page.ts';
import { ADMIN_KEY } from '../../../lib/admin-request.ts';
import { Banner, Field, buttonClass, inputClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useLogin } from '../api/login.ts';

/** Signs in, then goes back to the page the owner was on (?next=), or to the dashboard. */
export function LoginForm() {
  const token = useAdminToken();
  const login = useLogin();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [ended] = useState(adminSessionEnded);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  if (token) return <Navigate to={safeNextPage(searchParams.get('next'))} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const newToken = await login.mutateAsync(values);
      if (!newToken) {
        setFailure(texts.login.failed);
        return;
      }
      // Nothing read for whoever was signed in before (their role, their pages) is kept.
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
      setAdminToken(newToken);
    } catch (error) {
      if (error instanceof ApiError) setFailure(error.message || texts.login.failed);
      else setFailure(texts.login.error);
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form onSubmit={onSubmit} noValidate className="w-full max-w-sm rounded-xl bg-white p-6 shadow-md">
        <p className="mb-1 text-xs font-semibold tracking-widest text-slate-500 uppercase">{texts.brand}</p>
        <h1 className="mb-5 text-xl font-semibold text-slate-900">{texts.login.title}</h1>
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        {ended && !failure ? <Banner tone="info">{texts.login.sessionEnded}</Banner> : null}
        <div className="space-y-4">
          <Field id="username" label={texts.login.username} error={errors.username?.message}>
            <input
              id="username"
              autoComplete="username"
              className={inputClass}
              aria-invalid={errors.username ? true : undefined}
              {...register('username')}
            />
          </Field>
          <Field id="password" label={texts.login.password} error={errors.password?.message}>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              className={inputClass}
              aria-invalid={errors.password ? true : undefined}
              {...register('password')}
            />
          </Field>
          <button type="submit" className={`${buttonClass('primary')} w-full`} disabled={login.isPending}>
            {texts.login.submit}
          </button>
        </div>
      </form>
    </main>
  );
}
