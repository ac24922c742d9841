import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../lib/not-found-page.tsx';

export function AdminApp() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
