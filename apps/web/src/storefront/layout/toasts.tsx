// The toast container, mounted on the first toast (notify.ts): react-toastify and its stylesheet
// are not part of a page's first load.
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/domain/constants';

export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
