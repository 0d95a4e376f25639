import { cn } from "@/lib/cn";
import { ContactForm } from "@/components/marketing/contact-form";
import { Icon, type IconName } from "@/components/marketing/icons";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { SectionHeading } from "@/components/marketing/section-heading";
import { getCompany } from "@/lib/company/get-company";

export const metadata = pageMetadata({
  title: "Contact",
  description:
    "Une question sur VeillePrix, un besoin particulier ou une démonstration ? Écrivez à notre équipe : nous " +
    "répondons sous 24 heures ouvrées.",
  path: "/contact",
});

export default function ContactPage() {
  const company = getCompany();
  const telHref = `tel:${company.phone.replace(/[^+\d]/g, "")}`;
  const details: { icon: IconName; label: string; value: string; href?: string }[] = [
    { icon: "mail", label: "Email", value: company.email, href: `mailto:${company.email}` },
    { icon: "phone", label: "Téléphone", value: company.phone, href: telHref },
    { icon: "pin", label: "Adresse", value: company.address },
    { icon: "clock", label: "Délai de réponse", value: "Sous 24 heures ouvrées, du lundi au vendredi" },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.3fr] lg:gap-16">
      <div>
        <SectionHeading
          as="h1"
          align="left"
          eyebrow="Contact"
          title="Parlons de votre veille tarifaire"
          lead={
            "Une question sur les plans, un besoin de volume, une intégration par API ou une démonstration ? " +
            "Écrivez-nous, un membre de l'équipe vous répond."
          }
        />
        <dl className="mt-10 space-y-6">
          {details.map((d) => (
            <div key={d.label} className="flex gap-4">
              <dt
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-xs",
                  "ring-1 ring-zinc-200",
                )}
              >
                <Icon name={d.icon} className="size-5" />
                <span className="sr-only">{d.label}</span>
              </dt>
              <dd className="pt-2 text-sm text-zinc-700">
                {d.href ? (
                  <a href={d.href} className="font-medium text-zinc-900 hover:text-brand-700 hover:underline">
                    {d.value}
                  </a>
                ) : (
                  d.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="relative rounded-2xl bg-white p-6 shadow-xs ring-1 ring-zinc-200 sm:p-8">
        <h2 className="text-lg font-semibold text-zinc-900">Envoyez-nous un message</h2>
        <p className="mt-1 mb-6 text-sm text-zinc-500">Tous les champs sont obligatoires, sauf l&apos;entreprise.</p>
        <ContactForm />
      </div>
    </div>
  );
}
