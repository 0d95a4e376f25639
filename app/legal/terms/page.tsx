import Link from "next/link";
import { LegalPage } from "@/components/marketing/legal-page";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { getCompany } from "@/lib/company/get-company";

export const metadata = pageMetadata({
  title: "Conditions d'utilisation",
  description:
    "Conditions générales d'utilisation de VeillePrix : acceptation, licence d'utilisation, restrictions, " +
    "abonnements, résiliation et limitation de responsabilité.",
  path: "/legal/terms",
});

export default function TermsPage() {
  const c = getCompany();
  const mail = <a href={`mailto:${c.email}`}>{c.email}</a>;
  return (
    <LegalPage
      path="/legal/terms"
      title="Conditions générales d'utilisation"
      updated="13 mai 2025"
      intro={
        <p>
          Les présentes conditions générales d&apos;utilisation (les « Conditions ») régissent l&apos;accès au service
          de veille tarifaire VeillePrix (le « Service »), édité par {c.name} (« nous »), et son utilisation par toute
          personne physique ou morale qui crée un compte (l&apos;« Utilisateur » ou « vous »).
        </p>
      }
      sections={[
        {
          id: "acceptation",
          title: "Acceptation des conditions",
          content: (
            <>
              <p>
                En créant un compte ou en utilisant le Service, vous acceptez sans réserve les présentes Conditions
                ainsi que notre <Link href="/legal/privacy">politique de confidentialité</Link>. Si vous utilisez le
                Service pour le compte d&apos;une entreprise, vous déclarez être habilité à l&apos;engager.
              </p>
              <p>
                Le Service est destiné à un usage professionnel. Nous pouvons faire évoluer ces Conditions ; la version
                en vigueur est celle publiée sur cette page. Toute modification substantielle vous sera notifiée par
                email au moins 30 jours avant son entrée en vigueur, et la poursuite de l&apos;utilisation du Service
                vaudra acceptation.
              </p>
            </>
          ),
        },
        {
          id: "service",
          title: "Description du Service",
          content: (
            <p>
              VeillePrix permet de suivre des produits sur des pages de sites marchands que vous désignez : relevé
              automatique du prix et de la disponibilité selon la fréquence choisie, conservation de l&apos;historique,
              calcul des variations, alertes par email et exports. Les fonctionnalités et les limites (nombre de
              produits, d&apos;URLs par produit, durée d&apos;historique) dépendent du plan souscrit, tel que décrit sur
              la page <Link href="/pricing">Tarifs</Link>. Les prix relevés proviennent de sites tiers : ils sont
              fournis à titre indicatif et peuvent ne pas refléter un prix modifié depuis le dernier relevé.
            </p>
          ),
        },
        {
          id: "compte",
          title: "Compte utilisateur",
          content: (
            <p>
              Vous vous engagez à fournir des informations exactes lors de l&apos;inscription et à les tenir à jour.
              Vous êtes responsable de la confidentialité de vos identifiants et de toute activité réalisée depuis votre
              compte ; prévenez-nous sans délai à {mail} en cas d&apos;utilisation non autorisée. Les jetons
              d&apos;accès à l&apos;API sont personnels et peuvent être révoqués à tout moment.
            </p>
          ),
        },
        {
          id: "licence",
          title: "Licence d'utilisation",
          content: (
            <p>
              Sous réserve du respect des présentes Conditions et, pour les plans payants, du paiement de
              l&apos;abonnement, nous vous concédons un droit d&apos;utilisation du Service personnel, non exclusif, non
              transférable et non sous-licenciable, pour la durée de votre abonnement et pour les besoins internes de
              votre activité. Cette licence ne vous confère aucun droit de propriété sur le Service, son logiciel, sa
              marque ou ses contenus, qui restent la propriété exclusive de {c.name}. Vous restez propriétaire des
              données que vous saisissez et pouvez les exporter à tout moment.
            </p>
          ),
        },
        {
          id: "restrictions",
          title: "Restrictions d'utilisation",
          content: (
            <>
              <p>Vous vous interdisez notamment :</p>
              <ul>
                <li>
                  de suivre des pages dont l&apos;accès automatisé est interdit par leur éditeur, ou d&apos;utiliser le
                  Service en violation des droits de tiers ou de la réglementation applicable ;
                </li>
                <li>de contourner les limites de votre plan, notamment en multipliant les comptes ;</li>
                <li>
                  de revendre, louer ou mettre le Service à disposition de tiers sans notre accord écrit préalable ;
                </li>
                <li>
                  de copier, modifier, décompiler ou tenter d&apos;extraire le code source du Service, sauf dans les cas
                  permis par la loi ;
                </li>
                <li>
                  de perturber le fonctionnement du Service, de tenter d&apos;accéder aux données d&apos;autres
                  utilisateurs ou de l&apos;utiliser pour viser des adresses internes ou non publiques ;
                </li>
                <li>
                  d&apos;utiliser le Service pour diffuser des contenus illicites ou envoyer des communications non
                  sollicitées.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "abonnements",
          title: "Abonnements, prix et paiement",
          content: (
            <p>
              Le plan Freemium est gratuit. Les plans payants sont des abonnements mensuels, dont les prix sont indiqués
              hors taxes sur la page <Link href="/pricing">Tarifs</Link> ; la TVA applicable est ajoutée lors du
              paiement. Le paiement s&apos;effectue par carte bancaire via notre prestataire de paiement sécurisé, à la
              souscription puis à chaque échéance mensuelle, et une facture est mise à disposition dans votre tableau de
              bord. Un changement de plan prend effet immédiatement. En cas d&apos;échec de paiement, nous pouvons
              suspendre les fonctionnalités payantes après vous en avoir informé.
            </p>
          ),
        },
        {
          id: "resiliation",
          title: "Résiliation",
          content: (
            <>
              <p>
                Vous pouvez résilier votre abonnement à tout moment depuis votre espace ; la résiliation prend effet à
                la fin de la période mensuelle en cours, sans remboursement de la période entamée, et votre compte
                repasse alors au plan Freemium. Vous pouvez également demander la clôture de votre compte à {mail}.
              </p>
              <p>
                Nous pouvons suspendre ou résilier votre accès, après mise en demeure restée sans effet pendant 15
                jours, en cas de manquement aux présentes Conditions, et sans préavis en cas de manquement grave
                (fraude, atteinte à la sécurité du Service, usage illicite). À la clôture du compte, vos données sont
                supprimées dans les conditions prévues par notre politique de confidentialité ; pensez à les exporter au
                préalable.
              </p>
            </>
          ),
        },
        {
          id: "responsabilite",
          title: "Limitation de responsabilité",
          content: (
            <>
              <p>
                Nous nous engageons à fournir le Service avec diligence, dans le cadre d&apos;une obligation de moyens.
                Le Service dépend de sites tiers dont nous ne maîtrisons ni le contenu, ni la disponibilité, ni les
                changements de structure : nous ne garantissons pas l&apos;exhaustivité, l&apos;exactitude ou la
                fréquence effective de chaque relevé. Les décisions commerciales que vous prenez à partir des données du
                Service relèvent de votre seule responsabilité.
              </p>
              <p>
                Nous ne saurions être tenus responsables des dommages indirects, tels que la perte de chiffre
                d&apos;affaires, de clientèle ou de données. Dans tous les cas, notre responsabilité totale au titre
                d&apos;une année est limitée aux sommes que vous nous avez effectivement versées au cours des douze mois
                précédant le fait générateur. Ces limitations ne s&apos;appliquent pas en cas de faute lourde ou
                intentionnelle, ni aux dommages corporels.
              </p>
            </>
          ),
        },
        {
          id: "droit-applicable",
          title: "Droit applicable et litiges",
          content: (
            <p>
              Les présentes Conditions sont soumises au droit français. En cas de litige, les parties rechercheront
              d&apos;abord une solution amiable ; à défaut, le litige sera porté devant les tribunaux compétents du
              ressort du siège de {c.name}, sous réserve des règles d&apos;ordre public applicables. Pour toute question
              sur ces Conditions, écrivez-nous à {mail}.
            </p>
          ),
        },
      ]}
    />
  );
}
