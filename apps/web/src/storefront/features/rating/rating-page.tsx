export function RatingPage() {
  return <main />;
}
