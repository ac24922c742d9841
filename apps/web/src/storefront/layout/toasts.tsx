// react-toastify and its stylesheet load after the first paint: toasts raised before the
// container mounts are queued by the library and shown once it is there.
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/domain/constants';

export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
