import Link from "next/link";
import { LegalPage } from "@/components/marketing/legal-page";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { getCompany } from "@/lib/company/get-company";

export const metadata = pageMetadata({
  title: "Politique de cookies",
  description:
    "Les cookies utilisés par VeillePrix : cookies essentiels, d'analyse et de fonctionnalité, comment les gérer et comment les refuser.",
  path: "/legal/cookies",
});

const ESSENTIAL = [
  {
    name: "next-auth.session-token",
    purpose: "Maintient votre session ouverte après la connexion",
    duration: "30 jours",
  },
  {
    name: "next-auth.csrf-token",
    purpose: "Protège les formulaires de connexion contre la falsification de requêtes",
    duration: "Session",
  },
  {
    name: "next-auth.callback-url",
    purpose: "Mémorise la page où vous revenir après la connexion",
    duration: "Session",
  },
];

export default function CookiesPage() {
  const c = getCompany();
  return (
    <LegalPage
      path="/legal/cookies"
      title="Politique de cookies"
      updated="13 mai 2025"
      intro={
        <p>
          Cette politique explique ce que sont les cookies, lesquels sont déposés lorsque vous utilisez VeillePrix et
          comment vous pouvez les gérer ou les refuser, conformément à l&apos;article 82 de la loi « Informatique et
          Libertés » et aux recommandations de la CNIL.
        </p>
      }
      sections={[
        {
          id: "definition",
          title: "Qu'est-ce qu'un cookie ?",
          content: (
            <p>
              Un cookie est un petit fichier texte déposé sur votre ordinateur, tablette ou téléphone lorsque vous
              consultez un site. Il permet au site de reconnaître votre navigateur pendant une durée limitée, par
              exemple pour vous garder connecté ou pour mémoriser vos préférences. Les technologies similaires (stockage
              local du navigateur, par exemple) sont soumises aux mêmes règles et sont désignées ici sous le terme «
              cookies ».
            </p>
          ),
        },
        {
          id: "essentiels",
          title: "Cookies essentiels",
          content: (
            <>
              <p>
                Ces cookies sont indispensables au fonctionnement du service : sans eux, vous ne pourriez pas vous
                connecter à votre compte ni utiliser les pages réservées aux utilisateurs. Ils sont exemptés de
                consentement et ne peuvent pas être désactivés depuis notre site. Selon la configuration, leur nom peut
                être précédé de « __Secure- » ou « __Host- ».
              </p>
              <div tabIndex={0} className="mt-4 overflow-x-auto rounded-lg ring-1 ring-zinc-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Cookies essentiels déposés par VeillePrix</caption>
                  <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-2.5 font-semibold">
                        Nom
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-semibold">
                        Finalité
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-semibold">
                        Durée
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-zinc-100">
                    {ESSENTIAL.map((k) => (
                      <tr key={k.name}>
                        <td className="px-4 py-2.5 font-mono text-xs text-zinc-800">{k.name}</td>
                        <td className="px-4 py-2.5">{k.purpose}</td>
                        <td className="px-4 py-2.5 whitespace-nowrap">{k.duration}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ),
        },
        {
          id: "analyse",
          title: "Cookies d'analyse",
          content: (
            <p>
              Les cookies d&apos;analyse (ou de mesure d&apos;audience) nous permettent de savoir combien de personnes
              visitent nos pages, lesquelles sont les plus consultées et comment elles sont parcourues, afin
              d&apos;améliorer le site. Les statistiques produites sont anonymes. Ces cookies ne sont déposés
              qu&apos;avec votre consentement préalable, sauf s&apos;ils remplissent les conditions d&apos;exemption
              définies par la CNIL (mesure strictement limitée à l&apos;audience du site, données non recoupées et
              conservées 25 mois au plus). Leur durée de vie ne dépasse pas 13 mois.
            </p>
          ),
        },
        {
          id: "fonctionnalite",
          title: "Cookies de fonctionnalité",
          content: (
            <p>
              Les cookies de fonctionnalité mémorisent des choix que vous faites pour rendre votre utilisation plus
              confortable : par exemple l&apos;affichage de vos listes, les sous-titres de la vidéo de démonstration ou
              le fait que vous ayez déjà fermé un message d&apos;information. Ils ne servent pas à vous suivre sur
              d&apos;autres sites. Leur absence n&apos;empêche pas l&apos;utilisation du service, mais vos préférences
              ne seront pas conservées d&apos;une visite à l&apos;autre.
            </p>
          ),
        },
        {
          id: "gestion",
          title: "Gestion des cookies",
          content: (
            <>
              <p>
                Vous pouvez à tout moment consulter, supprimer ou bloquer les cookies depuis les paramètres de votre
                navigateur. La marche à suivre dépend du navigateur :
              </p>
              <ul>
                <li>Chrome : Paramètres › Confidentialité et sécurité › Cookies tiers et données des sites ;</li>
                <li>Firefox : Paramètres › Vie privée et sécurité › Cookies et données de sites ;</li>
                <li>Safari : Réglages › Confidentialité › Gérer les données de sites web ;</li>
                <li>Edge : Paramètres › Cookies et autorisations de site.</li>
              </ul>
              <p>
                Lorsque votre consentement est requis, il est conservé 6 mois au plus ; votre choix vous est ensuite
                demandé de nouveau. Vous pouvez retirer votre consentement à tout moment, aussi simplement que vous
                l&apos;avez donné.
              </p>
            </>
          ),
        },
        {
          id: "refus",
          title: "Refus des cookies",
          content: (
            <p>
              Vous êtes libre de refuser les cookies d&apos;analyse et de fonctionnalité : ce refus n&apos;a aucune
              conséquence sur votre accès au service, et refuser est aussi simple qu&apos;accepter. En revanche, si vous
              bloquez les cookies essentiels dans votre navigateur, vous ne pourrez plus vous connecter à votre compte
              ni utiliser les fonctionnalités qui en dépendent. Pour toute question sur les cookies, écrivez-nous à{" "}
              <a href={`mailto:${c.email}`}>{c.email}</a> ou consultez notre{" "}
              <Link href="/legal/privacy">politique de confidentialité</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
