import type { Metadata } from "next";
import { env } from "@/lib/env";

const SITE_NAME = "VeillePrix";

// app/opengraph-image.tsx; named explicitly because a page's own openGraph object replaces the inherited one.
const OG_IMAGE = {
  url: "/opengraph-image",
  width: 1200,
  height: 630,
  alt: "VeillePrix – Surveillez les prix de vos concurrents, automatiquement",
};

/** Title, description, canonical URL and social cards of a public page. */
export function pageMetadata({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}): Metadata {
  const absoluteTitle = path === "/" ? title : `${title} · ${SITE_NAME}`;
  return {
    metadataBase: new URL(env.appUrl),
    title: path === "/" ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: absoluteTitle,
      description,
      url: path,
      siteName: SITE_NAME,
      locale: "fr_FR",
      type: "website",
      images: [OG_IMAGE],
    },
    twitter: { card: "summary_large_image", title: absoluteTitle, description, images: [OG_IMAGE.url] },
  };
}
