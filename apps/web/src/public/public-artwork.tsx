import classes from './public-pages.module.css';

/** A podcast's or episode's cover, or its initial on a coloured square when there is none. */
export function PublicArtwork({
  url,
  name,
  size = 'large',
}: {
  url: string | null;
  name: string;
  size?: 'large' | 'card';
}) {
  const [image, placeholder] =
    size === 'large'
      ? [classes.artwork, classes.artworkPlaceholder]
      : [classes.cardArtwork, classes.cardArtworkPlaceholder];
  return url ? (
    <img src={url} alt={`Artwork of ${name}`} className={image} />
  ) : (
    <div className={placeholder} role="img" aria-label={`Artwork of ${name}`}>
      {name.trim().slice(0, 1).toUpperCase()}
    </div>
  );
}
