import { describe, expect, it } from 'vitest';
import { countryOf } from './affiliations.ts';
import { emailNameScore, findEmails, matchEmails, withoutEmails } from './emails.ts';
import { splitKeywords } from './keywords.ts';
import { isName, splitName, stripDegrees } from './names.ts';
import { isBanner } from './patterns.ts';
import { cleanTitle } from './title.ts';

describe('findEmails', () => {
  it('expands grouped addresses in braces and in parentheses with bars', () => {
    expect(findEmails('{alice.martin, carla.diaz}@ulisboa.pt, bob.chen@ethz.ch')).toEqual([
      'alice.martin@ulisboa.pt',
      'carla.diaz@ulisboa.pt',
      'bob.chen@ethz.ch',
    ]);
    expect(findEmails('(georgiana.dinu|marco.baroni)@unitn.it')).toEqual([
      'georgiana.dinu@unitn.it',
      'marco.baroni@unitn.it',
    ]);
  });

  it('finds plain addresses and drops trailing punctuation', () => {
    expect(findEmails('* Correspondence: a.chiarotto@vu.nl. Email: jonas.fritzsch@iste.uni-stuttgart.de;')).toEqual([
      'a.chiarotto@vu.nl',
      'jonas.fritzsch@iste.uni-stuttgart.de',
    ]);
  });

  it('removes addresses and their labels from a text', () => {
    expect(withoutEmails('Iowa State University, Email: soumiks@iastate.edu')).toBe('Iowa State University');
  });
});

describe('matching e-mails to authors', () => {
  it('scores the whole family name above a fragment of it, and accepts a given name alone', () => {
    const family = emailNameScore('cjtucker@cs.ucsd.edu', 'Chris', 'Tucker');
    const fragment = emailNameScore('dshuffel@cs.ucsd.edu', 'David', 'Shuffelton');
    const given = emailNameScore('kobbi@cs.bgu.ac.il', 'Kobbi', 'Nissim');
    expect(family).toBeGreaterThan(fragment);
    expect(fragment).toBeGreaterThanOrEqual(2);
    expect(given).toBeGreaterThanOrEqual(2);
    expect(emailNameScore('jhala@cs.ucsd.edu', 'Sorin', 'Lerner')).toBe(0);
  });

  it('gives each address to one author, best fit first', () => {
    const authors = [
      { first_name: 'Sorin', last_name: 'Lerner' },
      { first_name: 'Ranjit', last_name: 'Jhala' },
      { first_name: 'Emma', last_name: 'van der Berg' },
    ];
    const matched = matchEmails(['e.vanderberg@tudelft.nl', 'lerner@cs.ucsd.edu', 'jhala@cs.ucsd.edu'], authors);
    expect(Object.fromEntries(matched)).toEqual({
      'lerner@cs.ucsd.edu': 0,
      'jhala@cs.ucsd.edu': 1,
      'e.vanderberg@tudelft.nl': 2,
    });
  });
});

describe('names', () => {
  it('keeps particles and suffixes with the family name', () => {
    expect(splitName(['Maurits', 'W', 'van', 'Tulder'])).toEqual({ first_name: 'Maurits W', last_name: 'van Tulder' });
    expect(splitName(['Ana', 'Cristina', 'Franco', 'da', 'Silva'])).toEqual({
      first_name: 'Ana Cristina Franco',
      last_name: 'da Silva',
    });
    expect(splitName(['William', 'B.', 'Driggers', 'III'])).toEqual({
      first_name: 'William B.',
      last_name: 'Driggers III',
    });
  });

  it('title-cases names printed in capitals', () => {
    expect(splitName(['JEAN-PIERRE', "O'NEIL"])).toEqual({ first_name: 'Jean-Pierre', last_name: "O'Neil" });
  });

  it('drops degrees and titles', () => {
    expect(stripDegrees(['Dr.', 'Jane', 'Doe', 'PhD'])).toEqual(['Jane', 'Doe']);
    expect(stripDegrees(['Alice', 'Smith', 'MD'])).toEqual(['Alice', 'Smith']);
    expect(stripDegrees(['MD', 'PhD'])).toEqual([]);
  });

  it('keeps a given name spelt like a degree at the start of a name ("Ma Lourdes", "Md Rahman")', () => {
    expect(stripDegrees(['Ma', 'Lourdes', 'Santos'])).toEqual(['Ma', 'Lourdes', 'Santos']);
    expect(stripDegrees(['Md', 'Rahman'])).toEqual(['Md', 'Rahman']);
    expect(stripDegrees(['MA', 'Lourdes', 'Santos'])).toEqual(['Lourdes', 'Santos']);
    expect(splitName(['Maria', 'del', 'Carmen', 'Ruiz'])).toEqual({
      first_name: 'Maria del Carmen',
      last_name: 'Ruiz',
    });
  });

  it('never takes the name of a discipline for a person', () => {
    expect(isName(['Freshwater', 'Ecology'])).toBe(false);
    expect(isName(['Molecular', 'Biología'])).toBe(false);
    expect(isName(['Applied', 'Mathematics'])).toBe(false);
    expect(isName(['Analytical', 'Chemistry'])).toBe(false);
    expect(isName(['Anna', 'Petrovics'])).toBe(true);
  });

  it('tells names from institutions, places and society grades', () => {
    expect(isName(['Henricus', 'T.', 'S.', 'Boschker'])).toBe(true);
    expect(isName(['Louis‐Paul', 'Rivest'])).toBe(true);
    expect(isName(['Zsófia', 'Virányi'])).toBe(true);
    expect(isName(['Iowa', 'State', 'University'])).toBe(false);
    expect(isName(['Saudi', 'Arabia'])).toBe(false);
    expect(isName(['Senior', 'Member'])).toBe(false);
    expect(isName(['Kowalski'])).toBe(false);
    expect(isName(['New', 'York', '10012'])).toBe(false);
  });
});

describe('countryOf', () => {
  it('reads the country from the last parts of an affiliation', () => {
    expect(countryOf('University of Trento, Italy')).toBe('IT');
    expect(countryOf('Chengdu, Sichuan Province 610081, People’s Republic of China')).toBe('CN');
    expect(countryOf('Department of Physics, Keele University, Keele ST5 5BG, UK')).toBe('GB');
    expect(countryOf('Leiden University Medical Center, Postbus 9600, 2300RC Leiden, The Netherlands')).toBe('NL');
    expect(countryOf('Iowa State University, Ames, IA 50010, USA')).toBe('US');
  });

  it('reads a US state with its ZIP code as the United States', () => {
    expect(countryOf('Stanford University, Stanford, CA 94305')).toBe('US');
  });

  it('gives nothing when no country is printed, even for an institution named after a state', () => {
    expect(countryOf('UC San Diego')).toBe('');
    expect(countryOf('Department of Computer Science, University of Georgia')).toBe('');
  });
});

describe('keywords', () => {
  it('splits on semicolons, middle dots and bullets before commas', () => {
    expect(splitKeywords('peer review; reviewer assignment, bidding; ranking.')).toEqual([
      'peer review',
      'reviewer assignment, bidding',
      'ranking',
    ]);
    expect(splitKeywords('Peer review · Reviewer agreement · Aspect scores')).toEqual([
      'Peer review',
      'Reviewer agreement',
      'Aspect scores',
    ]);
    expect(splitKeywords('case study, cyber-physical systems, DevOps')).toEqual([
      'case study',
      'cyber-physical systems',
      'DevOps',
    ]);
  });

  it('splits on squares, bullet and dot operators, and on dashes or bars between spaces only', () => {
    for (const separator of ['▪', '■', '∙', '⋅', '•', '—', '–', '|']) {
      expect(splitKeywords(`Peer review ${separator} Mann–Whitney test ${separator} Fairness`)).toEqual([
        'Peer review',
        'Mann–Whitney test',
        'Fairness',
      ]);
    }
  });

  it('drops empty and duplicate entries', () => {
    expect(splitKeywords('milk, , Milk, colostrum,')).toEqual(['milk', 'colostrum']);
  });
});

describe('titles and banners', () => {
  it('drops version tags, footnote symbols and a final full stop from a title', () => {
    expect(cleanTitle('Longevity of sharks [v2; ref status: indexed, http://f1000r.es/4fj]')).toBe(
      'Longevity of sharks',
    );
    expect(cleanTitle('Smooth Sensitivity and Sampling in Private Data Analysis*')).toBe(
      'Smooth Sensitivity and Sampling in Private Data Analysis',
    );
    expect(cleanTitle('A study of U.S.')).toBe('A study of U.S.');
  });

  it('recognises article-type labels and journal lines as banners', () => {
    expect(isBanner('R E S E A R C H A R T I C L E')).toBe(true);
    expect(isBanner('STUDY PROTOCOL Open Access')).toBe(true);
    expect(isBanner('Journal of Informetrics')).toBe(true);
    expect(isBanner('http://www.trialsjournal.com/content/15/1/511')).toBe(true);
    expect(isBanner('International Journal of Systematic and Evolutionary Microbiology (2013), 63, 4141–4148')).toBe(
      true,
    );
    expect(isBanner('Adopting microservices and DevOps in the cyber-physical')).toBe(false);
  });
});
