// Mantine's PostCSS preset: rem()/light-dark() helpers and the rtl/ltr mixins used in CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
