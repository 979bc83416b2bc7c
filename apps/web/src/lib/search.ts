/** Text for a forgiving search: without accents, in lower case ('Peñalolén' finds 'penalolen'). */
export const normalizeSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
