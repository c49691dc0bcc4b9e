/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,html,js,jsx,md,mdx,ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // Institute blue: #0b3d91 on white is 10.4:1, well past WCAG AA.
        brand: {
          50: '#eef4ff',
          100: '#d9e6ff',
          600: '#1d4ed8',
          700: '#0b3d91',
          800: '#0a2f6e',
          900: '#081f4a',
        },
        accent: {
          500: '#f59e0b',
          600: '#b45309',
        },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
  plugins: [],
};
