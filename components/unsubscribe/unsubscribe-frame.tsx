import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";

type Props = {
  title: string;
  description: string;
  /** Where the reader can turn the e-mails back on. */
  back: { text: string; href: string; label: string };
  /** The confirmation, read from the link's token (useSearchParams, hence the Suspense). */
  children: ReactNode;
};

/** The page behind the unsubscribe link of an e-mail (alerts, report). */
export function UnsubscribeFrame({ title, description, back, children }: Props) {
  return (
    <div className="relative isolate flex justify-center px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="w-full max-w-md">
        <Card>
          <CardBody className="space-y-5">
            <div>
              <h1 className="text-xl font-semibold text-zinc-900">{title}</h1>
              <p className="mt-1 text-sm text-zinc-500">{description}</p>
            </div>
            <Suspense fallback={<LoadingBlock />}>{children}</Suspense>
            <p className="text-sm text-zinc-500">
              {back.text}{" "}
              <Link href={back.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {back.label}
              </Link>
            </p>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
