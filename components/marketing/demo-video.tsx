export const DEMO = {
  video: "/demo/veilleprix-demo.mp4",
  poster: "/demo/poster.jpg",
  captions: "/demo/veilleprix-demo.fr.vtt",
} as const;

/** Native player, served from public/: no third-party script, captions in French on by default. */
export function DemoVideo() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 bg-zinc-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-300">Démo</p>
          <h2 id="demo-title" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            VeillePrix en action, en 20 secondes
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-zinc-300">
            Ajoutez un produit et ses URLs, laissez VeillePrix relever les prix, puis suivez l&apos;historique et les
            alertes.
          </p>
        </div>
        <div className="mx-auto mt-12 max-w-4xl overflow-hidden rounded-2xl bg-black shadow-2xl ring-1 ring-white/10">
          <video
            className="aspect-video h-auto w-full"
            controls
            playsInline
            preload="none"
            poster={DEMO.poster}
            width={1280}
            height={720}
            aria-label="Vidéo de démonstration de VeillePrix"
          >
            <source src={DEMO.video} type="video/mp4" />
            <track kind="captions" src={DEMO.captions} srcLang="fr" label="Français" default />
            Votre navigateur ne lit pas les vidéos. <a href={DEMO.video}>Télécharger la vidéo de démonstration</a>.
          </video>
        </div>
      </div>
    </section>
  );
}
