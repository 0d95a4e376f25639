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
import type { ReactNode } from "react";
import { s } from "./alert-styles";
import type { TAlertEmailItem } from "./alert-types";

export type TAlertPriceEmailProps = {
  firstName: string;
  item: TAlertEmailItem;
  /** one link per rule of the message */
  unsubscribeRuleUrl: string | { label: string; url: string }[];
  unsubscribeAllUrl: string;
  preferencesUrl: string;
  test?: boolean;
};

/** The detail table of one alert; `inGroup` leaves out the product row (the digest names it above). */
export function AlertDetails({ item, inGroup = false }: { item: TAlertEmailItem; inGroup?: boolean }) {
  const tone = item.direction === "down" ? s.down : item.direction === "up" ? s.up : {};
  const rows: [string, ReactNode][] = [
    ...(inGroup ? [] : [["Produit", item.productName] as [string, ReactNode]]),
    [
      "Marchand",
      <Link key="m" href={item.merchantUrl} style={s.link}>
        {item.merchantName}
      </Link>,
    ],
    ["Ancien prix", item.oldPrice],
    ["Nouveau prix", item.newPrice],
    [
      "Variation",
      <span key="v" style={tone}>
        {item.variation ?? (item.oldPrice === "N/A" ? "Premier relevé" : "—")}
      </span>,
    ],
    ["Disponibilité", item.availability],
    item.otherRules?.length
      ? [
          "Règles",
          <span key="r">
            {[`${item.headline} : ${item.ruleDescription}`, ...item.otherRules].map((rule, i) => (
              <span key={rule}>
                {i > 0 ? <br /> : null}
                {rule}
              </span>
            ))}
          </span>,
        ]
      : ["Règle", item.ruleDescription],
    ...(item.finding ? [["Constat", item.finding] as [string, ReactNode]] : []),
    ["Relevé le", item.observedAt],
  ];
  return (
    <table
      className="alert-details"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      role="presentation"
      style={{ borderCollapse: "collapse" }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} style={s.row}>
            <td style={s.label}>{label}</td>
            <td style={s.value}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One price or stock alert (also the test alert). */
export function AlertPriceEmail({
  firstName,
  item,
  unsubscribeRuleUrl,
  unsubscribeAllUrl,
  preferencesUrl,
  test,
}: TAlertPriceEmailProps) {
  const preview = `${item.headline} : ${item.productName} chez ${item.merchantName}, ${item.newPrice}`;
  return (
    <Html lang="fr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>VeillePrix</Text>
          {test ? (
            <Text style={s.testBanner}>
              Ceci est une alerte de test : si vous la lisez, vos alertes par email fonctionnent.
            </Text>
          ) : null}
          <Text style={s.heading}>{item.headline}</Text>
          <Text style={s.text}>
            Bonjour {firstName || "Utilisateur"}, {item.productName} chez {item.merchantName} : {item.newPrice}.
          </Text>
          <Section style={{ margin: "16px 0 20px" }}>
            <AlertDetails item={item} />
          </Section>
          <Button href={item.productLink} style={s.button}>
            Voir le produit
          </Button>
          <Hr style={s.hr} />
          <Text style={s.muted}>
            Vous recevez cet email car vous avez créé{" "}
            {typeof unsubscribeRuleUrl === "string" ? "cette alerte" : "ces alertes"} sur VeillePrix.{" "}
            <Link href={preferencesUrl} style={s.link}>
              Gérer mes préférences d&apos;alerte
            </Link>
          </Text>
          <Text style={s.muted}>
            {typeof unsubscribeRuleUrl === "string" ? (
              <Link href={unsubscribeRuleUrl} style={s.link}>
                Désactiver cette alerte
              </Link>
            ) : (
              unsubscribeRuleUrl.map((rule) => (
                <span key={rule.url}>
                  <Link href={rule.url} style={s.link}>
                    Désactiver l&apos;alerte « {rule.label} »
                  </Link>
                  {" · "}
                </span>
              ))
            )}
            {typeof unsubscribeRuleUrl === "string" ? " · " : null}
            <Link href={unsubscribeAllUrl} style={s.link}>
              Se désabonner de toutes les alertes
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
