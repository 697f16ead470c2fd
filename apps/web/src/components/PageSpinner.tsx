/** Shown while a lazy route loads for the first time. */
export function PageSpinner() {
  return (
    <div className="btz-page-spinner" role="status" aria-label="加载中">
      <span />
    </div>
  );
}
