// Placeholder until the settings issue (13) fills it in.
export default function SettingsPage() {
  return <h1 className="font-serif text-4xl font-bold">Connected accounts</h1>;
}
