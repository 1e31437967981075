export function App() {
  return <main className="mx-auto max-w-[640px] p-4 font-sans">무비피디아</main>;
}
