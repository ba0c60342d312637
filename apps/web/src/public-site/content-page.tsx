/** `/{lang}/agb`, `/{lang}/imprint`, …: a text kept by the operator, per language. */
export function ContentPage({ title, html }: { title: string; html: string }) {
  return (
    <div className="wrap">
      <article className="content-page" aria-labelledby="content-title">
        <h1 id="content-title">{title}</h1>
        {/* The HTML comes from the server's own content pages (operator-maintained), not from users. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
