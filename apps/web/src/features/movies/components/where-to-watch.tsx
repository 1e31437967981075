// 볼 수 있는 곳: the services that stream, rent or sell the film in Korea (Movie.watch_providers), with JustWatch
// credited as the source. Nothing is shown when no service offers it.
import type { Movie, WatchProvider } from "@moviepedia/contract";
import { MediaImage } from "../../../shared/ui/media-image";
import { WATCH_GROUPS, watchProvidersOf } from "../lib/watch-providers";
import { MOVIES } from "../strings";

function ProviderItem({ provider }: { provider: WatchProvider }) {
  return (
    <li className="flex w-16 flex-col items-center gap-1.5 text-center">
      {provider.logo_url ? (
        <MediaImage
          src={provider.logo_url}
          kind="logo"
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 rounded-xl object-cover ring-1 ring-black/5"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-12 w-12 items-center justify-center rounded-xl bg-gray-100 text-lg font-bold text-gray-500"
        >
          {[...provider.name][0]}
        </span>
      )}
      <span className="line-clamp-2 text-xs leading-tight text-gray-700">{provider.name}</span>
    </li>
  );
}

export function WhereToWatch({ movie }: { movie: Movie }) {
  const groups = watchProvidersOf(movie);
  if (!groups) return null;
  return (
    <section aria-labelledby="watch-heading" className="border-t-8 border-gray-50 px-4 pt-5 pb-4">
      <h2 id="watch-heading" className="text-lg font-bold text-gray-900">
        {MOVIES.watchTitle}
      </h2>
      {WATCH_GROUPS.filter((name) => groups[name].length > 0).map((name) => (
        <div key={name} className="mt-4">
          <h3 className="text-sm font-semibold text-gray-500">{MOVIES.watchGroup[name]}</h3>
          <ul className="mt-2 flex flex-wrap gap-3" aria-label={MOVIES.watchGroup[name]}>
            {groups[name].map((provider) => (
              <ProviderItem key={provider.provider_id} provider={provider} />
            ))}
          </ul>
        </div>
      ))}
      <p className="mt-4 text-xs text-gray-500">
        <a
          href="https://www.justwatch.com/kr"
          target="_blank"
          rel="noopener noreferrer"
          className="underline underline-offset-2"
        >
          {MOVIES.watchSource}
        </a>
      </p>
    </section>
  );
}
