import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import { s } from "./alert-styles";

export type TWorkspaceInvitationProps = { inviterName: string; workspaceName: string; roleLabel: string; link: string };

/** An owner's invitation to join their workspace: the link is valid 7 days and serves once. */
export function WorkspaceInvitation({ inviterName, workspaceName, roleLabel, link }: TWorkspaceInvitationProps) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{`${inviterName} vous invite à rejoindre l'espace ${workspaceName} sur VeillePrix`}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>VeillePrix</Text>
          <Text style={s.heading}>Rejoignez l&apos;espace {workspaceName}</Text>
          <Text style={s.text}>
            {inviterName} vous invite à rejoindre l&apos;espace {workspaceName} sur VeillePrix en tant que{" "}
            {roleLabel.toLowerCase()}.
          </Text>
          <Button href={link} style={s.button}>
            Accepter l&apos;invitation
          </Button>
          <Text style={{ ...s.muted, marginTop: "16px" }}>
            Ce lien est valable 7 jours et ne peut servir qu&apos;une fois. S&apos;il ne s&apos;ouvre pas, copiez cette
            adresse dans votre navigateur :{" "}
            <Link href={link} style={s.link}>
              {link}
            </Link>
          </Text>
          <Hr style={s.hr} />
          <Text style={s.muted}>Si vous ne connaissez pas l&apos;expéditeur, ignorez simplement cet email.</Text>
        </Container>
      </Body>
    </Html>
  );
}
