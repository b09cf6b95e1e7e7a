import { cva } from 'class-variance-authority';

// The button's classes in a module of their own, without `cn` (tailwind-merge): the error page of
// the entry draws its one button with them, and the entry is on the sign-in page's first load
// (docs/decisions/146-sign-in-page-first-load.md). `Button` (button.tsx) is the component.
//
// Focus shows the page-wide ring (index.css): a solid 2 px outline that keeps 3:1 on either
// theme. Disabled is one look for every variant, a grey well, not the variant's colour faded: a
// faded green or red on the dark theme still read as a button to press.
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:border-transparent disabled:bg-muted disabled:text-muted-foreground disabled:opacity-70 disabled:shadow-none [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline: 'border bg-card shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-11 px-6',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
