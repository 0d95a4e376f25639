import Link from "next/link";
import { LegalPage } from "@/components/marketing/legal-page";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { getCompany } from "@/lib/company/get-company";

export const metadata = pageMetadata({
  title: "Politique de confidentialité",
  description:
    "Quelles données VeillePrix collecte, pourquoi, combien de temps elles sont conservées, comment elles sont " +
    "protégées et comment exercer vos droits RGPD.",
  path: "/legal/privacy",
});

export default function PrivacyPage() {
  const c = getCompany();
  const mail = <a href={`mailto:${c.email}`}>{c.email}</a>;
  return (
    <LegalPage
      path="/legal/privacy"
      title="Politique de confidentialité"
      updated="13 mai 2025"
      intro={
        <p>
          {c.name} attache une grande importance à la protection de vos données personnelles. Cette politique explique
          quelles données nous collectons lorsque vous utilisez VeillePrix, dans quel but, combien de temps nous les
          conservons et quels sont vos droits, conformément au Règlement général sur la protection des données (RGPD) et
          à la loi « Informatique et Libertés » du 6 janvier 1978 modifiée.
        </p>
      }
      sections={[
        {
          id: "responsable",
          title: "Responsable du traitement",
          content: (
            <p>
              Le responsable du traitement est {c.name}, immatriculée sous le numéro SIREN{" "}
              <span className="whitespace-nowrap">{c.siren}</span>, dont le siège est situé {c.address}. Pour toute
              question relative à vos données, vous pouvez nous écrire à {mail} ou nous appeler au{" "}
              <span className="whitespace-nowrap">{c.phone}</span>.
            </p>
          ),
        },
        {
          id: "donnees-collectees",
          title: "Données collectées",
          content: (
            <>
              <p>Nous collectons uniquement les données nécessaires au fonctionnement du service :</p>
              <ul>
                <li>
                  <strong>Données d&apos;identité</strong> : prénom, nom, adresse email et, le cas échéant, nom de votre
                  entreprise ; votre mot de passe est conservé sous forme hachée et n&apos;est jamais lisible, même par
                  nos équipes.
                </li>
                <li>
                  <strong>Données de connexion et d&apos;utilisation</strong> : adresse IP, date et heure de connexion,
                  type de navigateur et d&apos;appareil, journaux techniques des actions effectuées (création de
                  produits, relevés, exports), historique de vos abonnements et factures.
                </li>
                <li>
                  <strong>Préférences de recherche</strong> : les produits que vous suivez, les URLs et les noms des
                  sources associées, les fréquences de relevé, les seuils d&apos;alerte et les prix relevés pour votre
                  compte.
                </li>
                <li>
                  <strong>Historique de navigation</strong> : les pages de notre site que vous consultez et la manière
                  dont vous les parcourez, collectées au moyen de cookies dans les conditions décrites dans notre{" "}
                  <Link href="/legal/cookies">politique de cookies</Link>.
                </li>
              </ul>
              <p>
                Les données de carte bancaire sont saisies directement auprès de notre prestataire de paiement, certifié
                PCI-DSS : elles ne transitent pas par nos serveurs et nous n&apos;y avons jamais accès.
              </p>
            </>
          ),
        },
        {
          id: "finalites",
          title: "Finalités et bases légales",
          content: (
            <>
              <p>Vos données sont traitées pour les finalités suivantes :</p>
              <ul>
                <li>
                  créer et gérer votre compte, relever les prix des produits que vous suivez, conserver leur historique
                  et vous envoyer les alertes demandées (exécution du contrat) ;
                </li>
                <li>
                  gérer les abonnements, la facturation et les paiements (exécution du contrat et obligations légales) ;
                </li>
                <li>
                  répondre à vos demandes adressées au support ou via le formulaire de contact (intérêt légitime) ;
                </li>
                <li>
                  assurer la sécurité du service, prévenir la fraude et les abus, par exemple en limitant les tentatives
                  de connexion (intérêt légitime) ;
                </li>
                <li>
                  mesurer l&apos;audience et améliorer le service (consentement, lorsque des cookies d&apos;analyse sont
                  utilisés) ;
                </li>
                <li>respecter nos obligations comptables, fiscales et légales (obligation légale).</li>
              </ul>
              <p>
                Nous ne vendons ni ne louons vos données personnelles, et nous ne les utilisons pas à des fins
                publicitaires.
              </p>
            </>
          ),
        },
        {
          id: "destinataires",
          title: "Destinataires des données",
          content: (
            <p>
              Vos données sont destinées aux seules équipes habilitées de {c.name}. Elles peuvent être communiquées à
              nos sous-traitants techniques, dans la stricte limite de leur mission : l&apos;hébergeur du service (voir
              les <Link href="/legal/mentions">mentions légales</Link>), notre prestataire de paiement et notre
              prestataire d&apos;envoi d&apos;emails. Chacun est lié par un contrat conforme à l&apos;article 28 du
              RGPD. Si un transfert hors de l&apos;Union européenne était nécessaire, il serait encadré par des
              garanties appropriées, telles que les clauses contractuelles types de la Commission européenne.
            </p>
          ),
        },
        {
          id: "conservation",
          title: "Durées de conservation",
          content: (
            <ul>
              <li>
                Données du compte : pendant toute la durée du compte, puis supprimées dans un délai de 30 jours après sa
                clôture.
              </li>
              <li>
                Historique des prix : selon la durée de conservation prévue par votre plan ; les relevés plus anciens
                sont supprimés automatiquement.
              </li>
              <li>Journaux de connexion : 12 mois au plus.</li>
              <li>Factures et pièces comptables : 10 ans, comme l&apos;exige le Code de commerce.</li>
              <li>Messages envoyés via le formulaire de contact : 3 ans à compter du dernier échange.</li>
            </ul>
          ),
        },
        {
          id: "protection",
          title: "Protection des données",
          content: (
            <p>
              Nous mettons en œuvre des mesures techniques et organisationnelles adaptées pour protéger vos données
              contre la perte, l&apos;accès non autorisé, la divulgation ou l&apos;altération : chiffrement des échanges
              (HTTPS), hachage des mots de passe, jetons d&apos;accès révocables, limitation des tentatives de
              connexion, cloisonnement des données de chaque compte, sauvegardes régulières et accès aux systèmes limité
              aux personnes habilitées. En cas de violation de données susceptible d&apos;engendrer un risque pour vos
              droits, nous vous en informerons ainsi que la CNIL dans les conditions prévues par le RGPD.
            </p>
          ),
        },
        {
          id: "droits",
          title: "Vos droits (RGPD)",
          content: (
            <>
              <p>Conformément au RGPD, vous disposez des droits suivants sur vos données :</p>
              <ul>
                <li>
                  <strong>Droit d&apos;accès</strong> : obtenir la confirmation que vos données sont traitées et en
                  recevoir une copie ;
                </li>
                <li>
                  <strong>Droit de rectification</strong> : faire corriger des données inexactes ou incomplètes,
                  directement depuis votre tableau de bord ou sur demande ;
                </li>
                <li>
                  <strong>Droit à l&apos;effacement</strong> : obtenir la suppression de vos données, sous réserve de
                  nos obligations légales de conservation ;
                </li>
                <li>
                  <strong>Droit à la portabilité</strong> : recevoir les données que vous nous avez fournies dans un
                  format structuré et couramment utilisé, par exemple les exports CSV de vos produits et de leur
                  historique ;
                </li>
                <li>
                  <strong>Droit d&apos;opposition</strong> : vous opposer à un traitement fondé sur notre intérêt
                  légitime, pour des raisons tenant à votre situation particulière ;
                </li>
                <li>
                  ainsi que le droit à la limitation du traitement, le droit de retirer votre consentement à tout moment
                  et le droit de définir des directives relatives au sort de vos données après votre décès.
                </li>
              </ul>
              <p>
                Pour exercer ces droits, écrivez-nous à {mail} en précisant l&apos;objet de votre demande. Nous vous
                répondrons dans un délai d&apos;un mois. Si vous estimez, après nous avoir contactés, que vos droits ne
                sont pas respectés, vous pouvez introduire une réclamation auprès de la CNIL (www.cnil.fr).
              </p>
            </>
          ),
        },
        {
          id: "contact",
          title: "Contact",
          content: (
            <p>
              Pour toute question sur cette politique ou sur le traitement de vos données : {c.name}, {c.address} —
              email : {mail} — téléphone : <span className="whitespace-nowrap">{c.phone}</span>. Vous pouvez aussi
              utiliser notre <Link href="/contact">formulaire de contact</Link>. Nous pouvons modifier cette politique
              pour tenir compte des évolutions du service ou de la réglementation ; la date de dernière mise à jour
              figure en haut de cette page.
            </p>
          ),
        },
      ]}
    />
  );
}
