import Link from "next/link";
import { LegalPage } from "@/components/marketing/legal-page";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { getCompany } from "@/lib/company/get-company";

export const metadata = pageMetadata({
  title: "Mentions légales",
  description:
    "Mentions légales du site VeillePrix : éditeur, hébergeur, propriété intellectuelle, données personnelles et droit applicable.",
  path: "/legal/mentions",
});

export default function MentionsPage() {
  const c = getCompany();
  const mail = <a href={`mailto:${c.email}`}>{c.email}</a>;
  return (
    <LegalPage
      path="/legal/mentions"
      title="Mentions légales"
      intro={
        <p>
          Conformément aux articles 6 et 19 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l&apos;économie
          numérique (LCEN), voici les informations relatives à l&apos;éditeur et à l&apos;hébergeur du site {c.siteUrl}.
        </p>
      }
      sections={[
        {
          id: "editeur",
          title: "Éditeur du site",
          content: (
            <ul>
              <li>
                <strong>Raison sociale</strong> : {c.name}
              </li>
              <li>
                <strong>Siège social</strong> : {c.address}
              </li>
              <li>
                <strong>SIREN</strong> : <span className="whitespace-nowrap">{c.siren}</span>
              </li>
              <li>
                <strong>Email</strong> : {mail}
              </li>
              <li>
                <strong>Téléphone</strong> : <span className="whitespace-nowrap">{c.phone}</span>
              </li>
              <li>
                <strong>Directeur de la publication</strong> : le représentant légal de {c.name}
              </li>
            </ul>
          ),
        },
        {
          id: "hebergeur",
          title: "Hébergeur",
          content: (
            <p>
              Le site et le service VeillePrix sont hébergés par : <strong>{c.host}</strong>.
            </p>
          ),
        },
        {
          id: "propriete-intellectuelle",
          title: "Propriété intellectuelle",
          content: (
            <p>
              L&apos;ensemble des éléments du site et du service VeillePrix (marque, logo, textes, graphismes, vidéos,
              interface, logiciel et bases de données) est la propriété exclusive de {c.name} ou fait l&apos;objet
              d&apos;une autorisation d&apos;utilisation, et est protégé par le Code de la propriété intellectuelle.
              Toute reproduction, représentation, adaptation ou exploitation, totale ou partielle, sans autorisation
              écrite préalable est interdite et constitue une contrefaçon. Les marques et noms de sites tiers
              éventuellement cités appartiennent à leurs titulaires respectifs.
            </p>
          ),
        },
        {
          id: "donnees-personnelles",
          title: "Données personnelles (RGPD)",
          content: (
            <p>
              Les données personnelles collectées sur ce site sont traitées par {c.name}, responsable du traitement,
              conformément au Règlement général sur la protection des données (RGPD) et à la loi « Informatique et
              Libertés ». Vous disposez notamment d&apos;un droit d&apos;accès, de rectification, d&apos;effacement, de
              portabilité et d&apos;opposition, que vous pouvez exercer en écrivant à {mail}. Vous pouvez également
              introduire une réclamation auprès de la CNIL. Pour en savoir plus, consultez notre{" "}
              <Link href="/legal/privacy">politique de confidentialité</Link> et notre{" "}
              <Link href="/legal/cookies">politique de cookies</Link>.
            </p>
          ),
        },
        {
          id: "responsabilite",
          title: "Responsabilité",
          content: (
            <p>
              {c.name} s&apos;efforce d&apos;assurer l&apos;exactitude des informations publiées sur ce site, sans
              pouvoir en garantir l&apos;exhaustivité. Les liens vers des sites tiers sont fournis pour votre commodité
              ; {c.name} n&apos;exerce aucun contrôle sur leur contenu et décline toute responsabilité à leur égard.
              L&apos;utilisation du service est régie par nos{" "}
              <Link href="/legal/terms">conditions d&apos;utilisation</Link>.
            </p>
          ),
        },
        {
          id: "droit-applicable",
          title: "Droit applicable",
          content: (
            <p>
              Le présent site et les présentes mentions légales sont soumis au droit français. Tout litige relatif à
              leur interprétation ou à leur exécution relève de la compétence des juridictions françaises.
            </p>
          ),
        },
      ]}
    />
  );
}
