import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { AlertDetails } from "./alert-price";
import { s } from "./alert-styles";
import type { TAlertEmailItem } from "./alert-types";
import type { TBrokenUrlsSummary } from "@/lib/health";

export type TAlertDigestGroup = { productName: string; productLink: string; items: TAlertEmailItem[] };

export type TAlertDigestEmailProps = {
  firstName: string;
  dateLabel: string;
  total: number;
  groups: TAlertDigestGroup[];
  /** URLs whose monitoring is broken today (data health), null when none */
  broken?: TBrokenUrlsSummary | null;
  unsubscribeAllUrl: string;
  preferencesUrl: string;
};

/** The daily digest: every pending alert of a user, grouped by product. */
export function AlertDigestEmail({
  firstName,
  dateLabel,
  total,
  groups,
  broken = null,
  unsubscribeAllUrl,
  preferencesUrl,
}: TAlertDigestEmailProps) {
  const count = total > 1 ? `${total} alertes` : "1 alerte";
  return (
    <Html lang="fr">
      <Head />
      <Preview>{`Votre résumé VeillePrix du ${dateLabel} : ${count}`}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>VeillePrix</Text>
          <Text style={s.heading}>Votre résumé quotidien des alertes</Text>
          <Text style={s.text}>
            Bonjour {firstName || "Utilisateur"}, voici {count} sur{" "}
            {groups.length > 1 ? `${groups.length} produits` : "1 produit"} depuis votre dernier résumé.
          </Text>
          {groups.map((group) => (
            <Section key={group.productLink}>
              <Text style={s.groupTitle}>{group.productName}</Text>
              {group.items.map((item, i) => (
                <Section key={i} style={{ margin: "0 0 12px" }}>
                  <Text style={{ ...s.text, fontWeight: 600, margin: "8px 0 4px" }}>{item.headline}</Text>
                  <AlertDetails item={item} inGroup />
                </Section>
              ))}
              <Button href={group.productLink} style={{ ...s.button, margin: "4px 0 8px" }}>
                Voir le produit
              </Button>
            </Section>
          ))}
          {broken ? <BrokenUrls broken={broken} /> : null}
          <Hr style={s.hr} />
          <Text style={s.muted}>
            Vous recevez ce résumé car vous avez choisi le résumé quotidien.{" "}
            <Link href={preferencesUrl} style={s.link}>
              Gérer mes préférences d&apos;alerte
            </Link>
          </Text>
          <Text style={s.muted}>
            <Link href={unsubscribeAllUrl} style={s.link}>
              Se désabonner de toutes les alertes
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function BrokenUrls({ broken }: { broken: TBrokenUrlsSummary }) {
  return (
    <Section>
      <Hr style={s.hr} />
      <Text style={s.groupTitle}>
        {broken.total > 1 ? `${broken.total} URLs en panne` : "1 URL en panne"} : santé des données
      </Text>
      <Text style={s.text}>{broken.states.map((st) => `${st.label} : ${st.count}`).join(" · ")}</Text>
      {broken.examples.map((e, i) => (
        <Text key={i} style={{ ...s.text, margin: "0 0 4px" }}>
          {`${e.productName} chez ${e.urlName} — ${e.stateLabel}`}
          {e.failures > 0 ? ` (${e.failures} échec${e.failures > 1 ? "s" : ""} d'affilée)` : ""}
        </Text>
      ))}
      <Button href={broken.link} style={{ ...s.button, margin: "8px 0" }}>
        Voir la santé des données
      </Button>
    </Section>
  );
}
