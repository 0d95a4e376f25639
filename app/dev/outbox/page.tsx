import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPageUser } from "@/lib/auth/get-page-user";
import { listOutbox } from "@/lib/email/list-outbox";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/format";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Boîte d'envoi (développement)", robots: { index: false } };

// A development tool (off in a production build unless the operator set DEV_OUTBOX=1): the embedded mode
// delivers e-mails here. A signed-in browser sees only its own account's mail at its verified address (before
// verification, only its verification link); a visitor or a Bearer token nothing; the company's mail no one.
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  if (!env.devOutbox) notFound();
  const user = await getPageUser();
  if (!user) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-semibold text-gray-900">Boîte d&apos;envoi</h1>
        <p className="mt-4 text-gray-600">
          Connectez-vous pour voir les emails qui vous sont adressés.{" "}
          <a href="/login?redirect=%2Fdev%2Foutbox" className="text-blue-600 underline">
            Se connecter
          </a>
        </p>
      </div>
    );
  }
  const { id } = await searchParams;
  const mails = await listOutbox(user);
  const selected = mails.find((m) => m.id === id) ?? mails[0];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-gray-900">Boîte d&apos;envoi</h1>
      <p className="mt-1 text-sm text-gray-600">
        Mode embarqué : les emails sont conservés ici au lieu d&apos;être envoyés ({mails.length} au plus récent,
        adressés à {user.email}).
      </p>
      {!user.emailVerified && (
        <p className="mt-2 text-sm text-amber-800">
          Votre adresse n&apos;est pas encore vérifiée : seul l&apos;email de vérification est visible ici.
        </p>
      )}
      {mails.length === 0 ? (
        <p className="mt-8 text-gray-600">Aucun email pour le moment.</p>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-[20rem_1fr]">
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {mails.map((m) => (
              <li key={m.id}>
                <a
                  href={`/dev/outbox?id=${m.id}`}
                  className={`block px-4 py-3 text-sm hover:bg-gray-50 ${m.id === selected?.id ? "bg-gray-50" : ""}`}
                >
                  <span className="block font-medium text-gray-900">{m.subject}</span>
                  <span className="block text-gray-600">{m.to}</span>
                  <span className="block text-xs text-gray-500">{formatDateTime(m.createdAt)}</span>
                </a>
              </li>
            ))}
          </ul>
          {selected && (
            <article className="rounded-lg border border-gray-200 bg-white p-4" aria-label="Email sélectionné">
              <dl className="grid grid-cols-[6rem_1fr] gap-1 text-sm">
                <dt className="text-gray-500">De</dt>
                <dd>{selected.from}</dd>
                <dt className="text-gray-500">À</dt>
                <dd>{selected.to}</dd>
                <dt className="text-gray-500">Objet</dt>
                <dd className="font-medium">{selected.subject}</dd>
              </dl>
              <iframe
                title={selected.subject}
                srcDoc={selected.html}
                sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
                className="mt-4 h-[32rem] w-full rounded border border-gray-200"
              />
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-gray-700">Version texte</summary>
                <pre className="mt-2 whitespace-pre-wrap text-gray-800">{selected.text}</pre>
              </details>
            </article>
          )}
        </div>
      )}
    </div>
  );
}
