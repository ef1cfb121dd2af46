/**
 * Mantine's global styles, in the `mantine` cascade layer, before anything else. Each
 * component's own stylesheet comes with the component, in the chunk that holds it
 * (vite/mantine-styles.ts): a page downloads only the styles of what it renders.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
