export function CustomOrderPage() {
  return <main />;
}
