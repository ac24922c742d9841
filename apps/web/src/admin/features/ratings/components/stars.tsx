/** 1 to 5 stars, read as "4 out of 5". */
export function Stars({ value }: { value: number }) {
  const rounded = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span role="img" className="whitespace-nowrap text-amber-500" aria-label={`${value} out of 5`}>
      <span aria-hidden="true">
        {'★'.repeat(rounded)}
        <span className="text-slate-300">{'★'.repeat(5 - rounded)}</span>
      </span>
    </span>
  );
}
