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
import { s } from "./alert-styles";

export type TReportLine = { title: string; detail: string; link: string };

export type TScheduledReportEmailProps = {
  firstName: string;
  title: string;
  periodLabel: string;
  headline: { label: string; value: string }[];
  moves: TReportLine[];
  flags: TReportLine[];
  attachmentName: string | null;
  overviewUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
};

function Lines({ title, lines }: { title: string; lines: TReportLine[] }) {
  return (
    <Section>
      <Text style={s.groupTitle}>{title}</Text>
      {lines.map((line) => (
        <Text key={`${line.link}:${line.title}:${line.detail}`} style={s.text}>
          <Link href={line.link} style={{ ...s.link, fontWeight: 600 }}>
            {line.title}
          </Link>
          <br />
          {line.detail}
        </Text>
      ))}
    </Section>
  );
}

/** The scheduled (weekly or daily) report: headline numbers, the biggest moves, the flags. */
export function ScheduledReportEmail(props: TScheduledReportEmailProps) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{`${props.title} : ${props.periodLabel}`}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>VeillePrix</Text>
          <Text style={s.heading}>{props.title}</Text>
          <Text style={s.text}>
            Bonjour {props.firstName || "Utilisateur"}, voici votre marché {props.periodLabel}.
          </Text>
          <table className="alert-details" style={{ borderCollapse: "collapse", width: "100%", margin: "0 0 12px" }}>
            <tbody>
              {props.headline.map((h) => (
                <tr key={h.label}>
                  <td style={s.label}>{h.label}</td>
                  <td style={s.value}>{h.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {props.moves.length > 0 ? <Lines title="Les plus fortes variations" lines={props.moves} /> : null}
          {props.flags.length > 0 ? <Lines title="Signalements" lines={props.flags} /> : null}
          {props.attachmentName ? (
            <Text style={s.text}>Le tableau complet est joint : {props.attachmentName}.</Text>
          ) : null}
          <Button href={props.overviewUrl} style={{ ...s.button, margin: "4px 0 8px" }}>
            Ouvrir la vue marché
          </Button>
          <Hr style={s.hr} />
          <Text style={s.muted}>
            Vous recevez ce rapport car vous l&apos;avez choisi dans votre tableau de bord.{" "}
            <Link href={props.preferencesUrl} style={s.link}>
              Changer la fréquence
            </Link>
          </Text>
          <Text style={s.muted}>
            <Link href={props.unsubscribeUrl} style={s.link}>
              Se désabonner du rapport
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
