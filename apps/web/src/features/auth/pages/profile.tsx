/** Being written in this change set. */
export default function Page() {
  return <div>profile</div>;
}
