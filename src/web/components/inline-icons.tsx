import type { SVGProps } from 'react';

// The few Lucide icons of the booking page and its calendar, drawn inline (Lucide's own shapes and
// stroke): lucide-react's icon factory would add ~2 KB gzipped to /book/{id}'s first view, which
// is at its 125 KB budget on React 19 (test/bundle-budget.test.ts). Other pages use lucide-react.

type IconProps = SVGProps<SVGSVGElement> & { className?: string };

function icon(children: React.ReactNode) {
  return function Icon(props: IconProps) {
    return (
      <svg xmlns="http://www.w3.org/2000/svg" width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
        {children}
      </svg>
    );
  };
}

export const ArrowLeft = icon(
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
);
export const ChevronDown = icon(<path d="m6 9 6 6 6-6" />);
export const ChevronLeft = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRight = icon(<path d="m9 18 6-6-6-6" />);
export const Clock = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);
