const POINTS = [
  {
    title: 'Automate the follow-up',
    text: 'Workflows react to opens, clicks and sign-ups: send the next email, wait, branch, add to a list.',
    icon: 'M6 4.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM18 15.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM6 8.5v3a3 3 0 0 0 3 3h7',
  },
  {
    title: 'Campaigns from content that matters',
    text: 'Build emails from curated articles and sales triggers about the accounts you care about.',
    icon: 'M5 5h14v14H5zM8 9h8M8 12h8M8 15h5',
  },
  {
    title: 'Know who you are talking to',
    text: 'Personality types and buyer stages for every contact, so each message fits its reader.',
    icon: 'M12 12a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM5 19a7 7 0 0 1 14 0',
  },
];

/** The short product pitch beside the sign-in form. */
export function ProductPitch() {
  return (
    <aside className="auth-pitch" aria-labelledby="auth-pitch-title">
      <div className="auth-pitch__inner">
        <p className="auth-pitch__eyebrow">Marketing workbench</p>
        <h2 className="auth-pitch__title" id="auth-pitch-title">
          Every campaign, workflow and audience in one place.
        </h2>
        <p className="auth-pitch__lead">
          Plan, write and automate your B2B email marketing, and see what your audience responds to.
        </p>
        <ul className="auth-pitch__points">
          {POINTS.map((point) => (
            <li key={point.title} className="auth-pitch__point">
              <span className="auth-pitch__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
                  <path
                    d={point.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <span>
                <strong>{point.title}</strong>
                <span className="auth-pitch__point-text">{point.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
