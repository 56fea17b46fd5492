/** Spec §2 Video detail: the average rating (0..5) as five stars, halves rounded to the nearest 0.5. */
export function starsFor(rating: number): ('full' | 'half' | 'empty')[] {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return Array.from({ length: 5 }, (_, index) => {
    if (halves >= (index + 1) * 2) return 'full';
    if (halves === index * 2 + 1) return 'half';
    return 'empty';
  });
}

export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="star-rating" role="img" aria-label={`Rating ${rating.toFixed(1)} of 5`}>
      {starsFor(rating).map((star, index) => (
        <span key={index} className={`star star-${star}`} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
