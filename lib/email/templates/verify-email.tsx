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

export type TVerifyEmailProps = { firstName: string; email: string; link: string };

/** The link that confirms an address belongs to the account (sent at registration and after an e-mail change). */
export function VerifyEmail({ firstName, email, link }: TVerifyEmailProps) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>Confirmez votre adresse email pour recevoir vos alertes VeillePrix</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Text style={s.brand}>VeillePrix</Text>
          <Text style={s.heading}>Confirmez votre adresse email</Text>
          <Text style={s.text}>
            Bonjour {firstName || "Utilisateur"}, confirmez que l&apos;adresse {email} est bien la vôtre : vos alertes
            et rapports n&apos;y seront envoyés qu&apos;ensuite.
          </Text>
          <Button href={link} style={s.button}>
            Vérifier mon adresse email
          </Button>
          <Text style={{ ...s.muted, marginTop: "16px" }}>
            Ce lien est valable 48 heures et ne peut servir qu&apos;une fois. S&apos;il ne s&apos;ouvre pas, copiez
            cette adresse dans votre navigateur :{" "}
            <Link href={link} style={s.link}>
              {link}
            </Link>
          </Text>
          <Hr style={s.hr} />
          <Text style={s.muted}>
            Si vous n&apos;avez pas créé de compte VeillePrix, ignorez simplement cet email : l&apos;adresse ne sera pas
            vérifiée.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
